import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * An MSW server for web unit tests: every test file that imports it answers the app's `/api` calls with
 * the handlers it installs (`server.use(...)`); an unhandled request fails the test.
 */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
