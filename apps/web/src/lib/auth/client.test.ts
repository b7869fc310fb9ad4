import { describe, expect, it } from "vitest";
import { passwordProblem } from "./client";
import { parseAuthHash, sectionAfterSignIn, sectionPath } from "./hash";

describe("passwordProblem (PRODUCT §5 reset password)", () => {
  it("needs both fields, equal, at least 6 characters", () => {
    expect(passwordProblem("", "")).toBe("Please fill in both fields");
    expect(passwordProblem("abcdef", "")).toBe("Please fill in both fields");
    expect(passwordProblem("abcdef", "abcdeg")).toBe("Passwords do not match");
    expect(passwordProblem("abcde", "abcde")).toBe("Password must be at least 6 characters");
    expect(passwordProblem("abcdef", "abcdef")).toBeNull();
  });
});

describe("auth routing helpers (PRODUCT §4)", () => {
  it("parses the mail-link hashes", () => {
    expect(parseAuthHash("#type=recovery&token=abc")).toEqual({ type: "recovery", token: "abc" });
    expect(parseAuthHash("#type=email_verification")).toEqual({ type: "email_verification", token: null });
    expect(parseAuthHash("#search")).toBeNull();
    expect(parseAuthHash("")).toBeNull();
  });
  it("returns to the remembered section, or search after the auth screen", () => {
    expect(sectionAfterSignIn("/premium")).toBe("/premium");
    expect(sectionAfterSignIn("auth")).toBe("/search");
    expect(sectionAfterSignIn(null)).toBe("/search");
    expect(sectionAfterSignIn("/auth/callback")).toBe("/search");
  });
  it("maps bare section hashes to routes", () => {
    expect(sectionPath("#search")).toBe("/search");
    expect(sectionPath("#home")).toBe("/");
    expect(sectionPath("#type=recovery")).toBeNull();
    expect(sectionPath("#some-heading")).toBeNull();
  });
});
