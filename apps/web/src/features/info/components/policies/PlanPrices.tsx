import { Link } from "react-router-dom";
import { usePlans } from "@/lib/plans";
import { linkClass } from "./Prose";

/**
 * The current prices from the plan catalogue (`GET /api/plans`, the single source of truth), as a table
 * per currency: plan, price per interval, regular price and saving. Never hard-codes a price.
 */
export function PlanPrices() {
  const { data, isPending, isError } = usePlans();
  if (isPending) {
    return (
      <p role="status" className="animate-pulse rounded-xl bg-slate-100 p-4 text-slate-500 dark:bg-slate-800">
        Loading current prices…
      </p>
    );
  }
  if (isError || !data) {
    return (
      <p>
        Current prices are shown on the{" "}
        <Link to="/premium" className={linkClass}>
          Premium page
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {data.currencies.map((c) => (
        <div
          key={c.currency}
          className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
        >
          <table className="w-full text-left text-sm">
            <caption className="bg-slate-50 px-4 py-2 text-left font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">
              {c.label}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="px-4 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {c.plans.map((p) => (
                <tr key={p.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="px-4 py-2 font-medium">
                    {p.name}
                  </th>
                  <td className="px-4 py-2">
                    <span className="font-semibold">
                      {c.symbol}
                      {p.price}
                    </span>{" "}
                    per {p.interval}
                    {p.originalPrice !== null && (
                      <span className="text-slate-500 dark:text-slate-400">
                        {" "}
                        (regular{" "}
                        <s>
                          {c.symbol}
                          {p.originalPrice}
                        </s>
                        {p.savings !== null ? `, save ${p.savings}%` : ""})
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/** The money-back window in days from the catalogue, falling back to PRODUCT §9's 7 days. */
export function useRefundDays(fallback: number): number {
  const { data } = usePlans();
  return data?.refundDays ?? fallback;
}
