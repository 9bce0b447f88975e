import { PaymentSteps } from '@web/components/PaymentSteps.tsx';
import { PAY_STEPS, type StepStates } from '../payment/run-payment.ts';

/** The three payment steps; each carries `data-state` (wait|process|finish|error|skipped). */
export function PayStepper({ states }: { states: StepStates }) {
  return <PaymentSteps steps={PAY_STEPS} states={states} testIdPrefix="pay" />;
}
