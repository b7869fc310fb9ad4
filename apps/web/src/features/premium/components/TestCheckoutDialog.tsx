import type { CreatedOrder } from "@tonic/api";
import { useEffect, useId, useRef } from "react";

/**
 * The local TEST checkout that stands in for Razorpay's window when the server has no Razorpay keys
 * (never in production). Clearly labelled; "Pay" produces a correctly signed test payment.
 */
export function TestCheckoutDialog({
  order,
  planName,
  price,
  onPay,
  onCancel,
}: {
  order: CreatedOrder;
  planName: string;
  /** Formatted price, e.g. "₹399". */
  price: string;
  onPay: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const payRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    payRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onCancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel]);
  return (
    <div className="fixed inset-0 z-[90] flex items-end justify-center bg-slate-950/60 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-sm overflow-hidden rounded-2xl bg-white shadow-2xl dark:bg-slate-900"
      >
        <div className="bg-amber-400 px-5 py-2 text-center text-xs font-bold uppercase tracking-widest text-amber-950">
          Test mode · no real money
        </div>
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            Test Checkout
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Razorpay is not configured on this server, so this local test checkout stands in for it. Paying
            here creates a signed test payment; nothing is charged.
          </p>
          <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500 dark:text-slate-400">Plan</dt>
              <dd className="font-semibold">Tonic Premium · {planName}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
              <dd className="font-semibold" data-testid="test-checkout-amount">
                {price} ({order.amount} {order.currency === "INR" ? "paise" : "cents"})
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500 dark:text-slate-400">Order</dt>
              <dd className="truncate font-mono text-xs">{order.id}</dd>
            </div>
          </dl>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <button
              ref={payRef}
              type="button"
              onClick={onPay}
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl bg-violet-600 px-4 font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              Pay {price} (test)
            </button>
            <button
              type="button"
              onClick={onCancel}
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl border border-slate-300 px-4 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Cancel
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
