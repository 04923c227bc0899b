import type { ReactNode } from "react";
import type { PlanDescription } from "@/lib/billing/admission/plans";

function priceLine(plan: PlanDescription): string {
  if (plan.interval === null) return "USD 0";
  if (plan.interval === "month") return `USD ${plan.price_usd} / month`;

  return `USD ${plan.price_usd} once`;
}

/** One plan on /pricing: what it gives and how to get it. */
export function PlanCard({ plan, highlighted = false, children }: { plan: PlanDescription; highlighted?: boolean; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`plan-${plan.id}`}
      className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${highlighted ? "ring-2 ring-indigo-500" : "ring-slate-200"}`}
    >
      <h2 id={`plan-${plan.id}`} className="text-lg font-semibold">
        {plan.name}
      </h2>
      <p className="mt-1 text-2xl font-bold tracking-tight">{priceLine(plan)}</p>
      <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-indigo-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6">{children}</div>
    </section>
  );
}
