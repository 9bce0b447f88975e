import { WITHDRAW_TYPES, type WithdrawType } from '@agc/shared';
import { Segmented } from '@web/components/Segmented.tsx';

const OPTIONS = ([1, 2] as const satisfies readonly WithdrawType[]).map((type) => ({
  key: type,
  label: WITHDRAW_TYPES[type],
}));

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
    <Segmented
      options={OPTIONS}
      value={value}
      onChange={onChange}
      testIdPrefix="withdraw-type"
      testId="withdraw-type"
      className="withdraw-types"
      disabled={disabled}
    />
  );
}
