import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake Orders API received. */
export interface FakeOrderRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for Razorpay's Orders API (`POST /v1/orders`, Basic auth with key id and secret),
 * answering with the documented order shape. For tests of the SDK path.
 */
export async function startFakeRazorpay(opts: { keyId: string; keySecret: string; fail?: boolean }): Promise<{
  url: string;
  requests: FakeOrderRequest[];
  close(): Promise<void>;
}> {
  const requests: FakeOrderRequest[] = [];
  let n = 0;
  const expectedAuth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString("base64")}`;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/orders") {
      return send(404, {
        error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found" },
      });
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ authorization: req.headers.authorization, body });
    if (req.headers.authorization !== expectedAuth) {
      return send(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    if (opts.fail) return send(500, { error: { code: "SERVER_ERROR", description: "The server is down" } });
    n += 1;
    return send(200, {
      id: `order_fake${String(n).padStart(10, "0")}`,
      entity: "order",
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt ?? null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: body.notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
