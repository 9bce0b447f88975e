import type { StepState } from '@web/lib/wallet/step-payment.ts';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';

const ANTD_STATUS: Record<StepState, 'wait' | 'process' | 'finish' | 'error'> = {
  wait: 'wait',
  process: 'process',
  finish: 'finish',
  error: 'error',
  skipped: 'finish',
};

function description(step: string, state: StepState, t: (key: string) => string): string {
  switch (state) {
    case 'process':
      return t(`message.${step}`);
    case 'finish':
      return t('pay.stepDone');
    case 'skipped':
      return t('pay.stepSkipped');
    case 'error':
      return t('pay.stepFailed');
    default:
      return '';
  }
}

/**
 * The wallet steps of a payment (lib/wallet/step-payment.ts) on a vertical stepper: each titled `pay.steps.<step>`,
 * its line what it does now (`message.<step>`), done, already approved or failed; each carries `data-state`
 * (wait|process|finish|error|skipped) and the test id `<testIdPrefix>-step-<step>`.
 */
export function PaymentSteps<S extends string>({
  steps,
  states,
  testIdPrefix,
}: {
  steps: readonly S[];
  states: Record<S, StepState>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Steps direction="vertical" data-testid={`${testIdPrefix}-stepper`}>
      {steps.map((step) => (
        <Steps.Step
          key={step}
          data-testid={`${testIdPrefix}-step-${step}`}
          data-state={states[step]}
          status={ANTD_STATUS[states[step]]}
          title={t(`pay.steps.${step as string}`)}
          description={description(step, states[step], t)}
        />
      ))}
    </Steps>
  );
}
