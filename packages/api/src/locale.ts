import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * zod/mini loads no locale (every default message would read "Invalid input"), so the contract loads
 * zod's English messages, as classic zod did: the server's 400 answers and the web app's console quote them.
 */
config(en());
