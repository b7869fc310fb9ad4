import { useId } from "react";

/** An accessible on/off switch row with a label and description. */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-6 py-4">
      <div>
        <p id={`${id}-label`} className="font-medium">
          {label}
        </p>
        {description && (
          <p id={`${id}-desc`} className="text-sm text-slate-500 dark:text-slate-400">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={onChange}
        className={`relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1 transition-colors disabled:opacity-50 ${
          checked ? "bg-violet-600" : "bg-slate-300 dark:bg-slate-700"
        }`}
      >
        <span
          aria-hidden="true"
          className={`h-8 w-8 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-6" : "translate-x-0"}`}
        />
      </button>
    </div>
  );
}
