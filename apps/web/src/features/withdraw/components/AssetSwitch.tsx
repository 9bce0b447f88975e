import { WITHDRAW_TYPES, type WithdrawType } from '@agc/shared';

const TYPES = [1, 2] as const satisfies readonly WithdrawType[];

/** USDT or AGC: `withdraw-type-1` / `withdraw-type-2`, the chosen one `aria-selected`. */
export function AssetSwitch({
  value,
  onChange,
  disabled,
}: {
  value: WithdrawType;
  onChange: (type: WithdrawType) => void;
  disabled?: boolean;
}) {
  return (
    <div className="segmented withdraw-types" role="tablist" data-testid="withdraw-type">
      {TYPES.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          data-testid={`withdraw-type-${type}`}
          disabled={disabled}
          onClick={() => onChange(type)}
        >
          {WITHDRAW_TYPES[type]}
        </button>
      ))}
    </div>
  );
}
