import { describe, expect, it } from "vitest";
import {
  AnalyzeRequest,
  BlogPost,
  ContactRequest,
  CreateSubscriptionRequest,
  PracticeItem,
  TestPayResponse,
} from "./index.js";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("contract (zod/mini)", () => {
  it("keeps zod's English messages (zod/mini alone loads no locale)", () => {
    expect(messages(AnalyzeRequest.safeParse({ youtubeUrl: "  " }))).toEqual([
      "youtubeUrl: Too small: expected string to have >=1 characters",
    ]);
  });

  it("keeps the custom messages", () => {
    expect(messages(ContactRequest.safeParse({ name: " ", email: "x", subject: 1 }))).toEqual([
      "name: Name is required",
      "email: Email must be a valid e-mail address",
      "subject: Subject is required",
      "message: Message is required",
    ]);
  });

  it("trims, defaults and derives schemas as before", () => {
    expect(ContactRequest.parse({ name: " a ", email: " a@b.co ", subject: "s", message: "m" })).toEqual({
      name: "a",
      email: "a@b.co",
      subject: "s",
      message: "m",
    });
    expect(CreateSubscriptionRequest.parse({ plan_id: "monthly" })).toEqual({
      plan_id: "monthly",
      currency: "INR",
    });
    expect(Object.keys(BlogPost.shape).sort()).toEqual(
      ["created_at", "description", "language", "slug", "subject", "title", "youtube_url"].sort(),
    );
    expect(Object.keys(TestPayResponse.shape).sort()).toEqual([
      "razorpay_order_id",
      "razorpay_payment_id",
      "razorpay_signature",
    ]);
  });

  it("checks a practice item strictly and across fields", () => {
    const item = {
      item_id: "chords:C",
      skill: "intervals",
      attempts: 1,
      correct: 2,
      due: "2026-01-01T00:00:00.000Z",
      card: {},
      updated_at: "2026-01-01T00:00:00+05:30",
    };
    expect(messages(PracticeItem.safeParse(item))).toEqual([
      "correct: correct cannot exceed attempts",
      "item_id: item_id must start with its skill",
    ]);
    expect(messages(PracticeItem.safeParse({ ...item, item_id: "intervals:M3", correct: 1, x: 1 }))).toEqual([
      ': Unrecognized key: "x"',
    ]);
  });
});
