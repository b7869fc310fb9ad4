import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { outboxLink, signOut, signUp, uniqueEmail } from "../support/auth";
import { devToolsPath } from "../support/dev-tools";

const SHOTS = "/tmp/shots-accounts";

async function signUpThroughUi(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome to Tonic" })).toBeVisible();
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(`${password}x`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a verification link to ${email}`);
}

test.describe("accounts", () => {
  test("sign up, verify via the outbox, edit the username, sign out, sign in, reset the password", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // someone who already owns the name we will try to take
    await page.goto("/");
    const taken = uniqueEmail("taken");
    await signUp(page, { email: taken });
    await page.goto("/settings?tab=account");
    const takenName = (await page.getByTestId("username").textContent()) ?? "";
    expect(takenName).toBe(taken.split("@")[0]);
    await signOut(page);

    const email = uniqueEmail("mira");
    await signUpThroughUi(page, email, "firstpass");
    await page.screenshot({ path: `${SHOTS}/signup-sent-1280.png` });

    // the dev outbox lists the mail; following its link verifies and signs in
    await page.goto(devToolsPath("/outbox"));
    await expect(page.getByRole("heading", { name: "Dev outbox" })).toBeVisible();
    const mail = page.locator(`article[data-to="${email}"]`).filter({ hasText: "Verify your Tonic account" });
    await mail.getByRole("link", { name: "Verify" }).click();
    await expect(page.getByText("Account Verified Successfully!")).toBeVisible();
    await expect(page.getByText("Your account has been verified. Redirecting to home page...")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/verified-1280.png` });
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up Free" })).toHaveCount(0);

    // Settings → Account
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("tab", { name: "Account" }).click();
    await expect(page.getByText("Free Member")).toBeVisible();
    await expect(page.getByText(/^Member since /)).toBeVisible();
    await expect(page.getByTestId("username")).toHaveText(email.split("@")[0] ?? "");
    await page.getByRole("button", { name: "Edit username" }).click();
    const input = page.getByLabel("Username", { exact: true });
    await input.fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toHaveText("Username cannot be empty");
    await input.fill(takenName);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toHaveText("Username already taken");
    await page.screenshot({ path: `${SHOTS}/username-taken-1280.png` });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("username")).toHaveText(email.split("@")[0] ?? "");
    await page.getByRole("button", { name: "Edit username" }).click();
    const mine = `Mira ${Date.now().toString(36)}`;
    await page.getByLabel("Username", { exact: true }).fill(mine);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("username")).toHaveText(mine);
    await page.reload();
    await expect(page.getByTestId("username")).toHaveText(mine);
    await page.screenshot({ path: `${SHOTS}/account-1280.png`, fullPage: true });

    // "Upgrade to Premium" opens the Premium tab
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect(page.getByRole("tab", { name: "Premium" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();

    // Logout clears the session and the remembered section
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Login / Sign Up" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("lastVisitedSection"))).not.toBe(
      "/settings?tab=account",
    );

    // /settings when signed out shows the auth screen
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Welcome to Tonic" })).toBeVisible();

    // forgot password → outbox → reset screen with its rules
    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("we sent a link to reset the password");
    await page.goto(await outboxLink(page, email, "recovery"));
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in both fields");
    await page.getByLabel("New Password").fill("abc12");
    await page.getByLabel("Confirm Password").fill("abc13");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    await page.getByLabel("Confirm Password").fill("abc12");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters");
    await page.screenshot({ path: `${SHOTS}/reset-errors-1280.png` });
    await page.getByLabel("New Password").fill("secondpass");
    await page.getByLabel("Confirm Password").fill("secondpass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password Reset Successful!")).toBeVisible();
    await expect(page.getByText("Redirecting to login page...")).toBeVisible();
    // It goes where it says: the login page, with the sign-in form (every session was signed out).
    await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

    // the old password no longer works; the new one does and, as the auth screen was the last section, leads to search
    await page.evaluate(() => localStorage.removeItem("lastVisitedSection"));
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("firstpass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText(/invalid/i);
    await page.getByLabel("Password").fill("secondpass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/search/);
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
  });

  test("returns to the section visited before signing in", async ({ page }) => {
    await page.goto("/");
    const account = await signUp(page);
    await signOut(page);
    await page.goto("/scale-explorer");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Login / Sign Up" })
      .click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/scale-explorer$/);
    // /auth while signed in shows the search screen (PRODUCT §2 route table)
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/search$/);
  });

  test("verification link problems show Verification Failed", async ({ page }) => {
    await page.goto("/#type=email_verification&token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await page.goto("/#type=email_verification");
    await expect(page.getByText("Invalid verification parameters")).toBeVisible();
    await page.getByRole("button", { name: "Go to Home" }).click();
    await expect(page.getByRole("heading", { name: "Mastering Music Theory" })).toBeVisible();
  });

  test("mobile: auth screen, Google help, settings shows auth when signed out", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Welcome to Tonic" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("note")).toContainText("GOOGLE_CLIENT_ID");
    await page.screenshot({ path: `${SHOTS}/auth-390.png`, fullPage: true });

    await signUp(page);
    await page.goto("/settings?tab=account");
    await expect(page.getByText("Free Member")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/account-390.png`, fullPage: true });
    await page.getByRole("tab", { name: "Info" }).click();
    for (const name of [
      "About",
      "Pricing Policy",
      "Privacy Policy",
      "Cancellation & Refund Policy",
      "Terms & Conditions",
      "Acknowledgments",
      "Build Version",
    ]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.getByRole("button", { name: /^Build Version/ }).click();
    await expect(page.getByTestId("build-version")).toHaveText("1.0.0");
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }),
    );
    await expect(page.getByTestId("build-date")).toHaveText(today);
    await page.screenshot({ path: `${SHOTS}/info-version-390.png` });
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: /^Terms & Conditions/ }).click();
    await expect(page.getByRole("heading", { name: "Terms & Conditions", level: 2 })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("button", { name: /^About/ })).toBeVisible();
  });
});

/**
 * "Continue with Google" against a local OpenID Connect provider (oauth2-mock-server): a second app server
 * is started with GOOGLE_CLIENT_ID/SECRET and GOOGLE_DISCOVERY_URL pointing at the mock provider, so the
 * whole redirect flow (authorize → callback → /auth/callback → signed in) runs in the browser.
 */
test.describe("Google sign-in (local OIDC provider)", () => {
  // one app server per describe: run its tests in one worker
  test.describe.configure({ mode: "serial" });
  const port = Number(process.env.E2E_PORT ?? 3100) + 50;
  const base = `http://localhost:${port}`;
  let oidc: OAuth2Server;
  let server: ChildProcess;
  const authorizeQueries: URLSearchParams[] = [];
  const profile = { sub: "google-user-42", email: "", name: "Grace Hopper", picture: "" };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(0, "localhost");
    const issuer = oidc.issuer.url ?? "";
    profile.email = uniqueEmail("grace");
    profile.picture = `${base}/icons/icon-192.png`;
    oidc.service.on("beforeAuthorizeRedirect", (_redirect: unknown, req: { url: string }) => {
      authorizeQueries.push(new URL(req.url, issuer).searchParams);
    });
    oidc.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, { ...profile, email_verified: true });
    });
    oidc.service.on("beforeUserinfo", (res: { body: Record<string, unknown> }) => {
      res.body = { ...profile, email_verified: true };
    });
    const root = fileURLToPath(new URL("../..", import.meta.url));
    server = spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: root,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "tonic-e2e-google-")),
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        GOOGLE_CLIENT_ID: "tonic-test-client",
        GOOGLE_CLIENT_SECRET: "tonic-test-secret",
        GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      },
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${base}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await oidc?.stop();
  });

  test("Continue with Google signs in and creates the profile with the provider's name and avatar", async ({
    page,
  }) => {
    await page.goto(`${base}/premium`);
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    // The app remembers the section once the (signed-out) session is known; sign-in returns there.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("lastVisitedSection")))
      .toMatch(/premium/);
    // Tap before the sign-in config has arrived (held here until after the click): the button
    // waits for it rather than reporting Google as not enabled.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth-config", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/auth`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    release();
    await expect(page).toHaveURL(`${base}/premium`, { timeout: 20_000 });
    const q = authorizeQueries.at(-1);
    expect(q?.get("access_type")).toBe("offline");
    expect(q?.get("prompt")).toBe("consent");
    expect(q?.get("redirect_uri")).toBe(`${base}/api/auth/callback/google`);
    await page.goto(`${base}/settings?tab=account`);
    await expect(page.getByTestId("username")).toHaveText("Grace Hopper");
    await expect(page.getByRole("img", { name: "Grace Hopper's avatar" })).toHaveAttribute(
      "src",
      profile.picture,
    );
    await expect(page.getByText(profile.email)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/google-account-1280.png` });
  });
});
