import type { PayStep } from '@agc/shared';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import { PAY_STEPS, type StepState, type StepStates } from '../payment/run-payment.ts';

const ANTD_STATUS: Record<StepState, 'wait' | 'process' | 'finish' | 'error'> = {
  wait: 'wait',
  process: 'process',
  finish: 'finish',
  error: 'error',
  skipped: 'finish',
};

function description(step: PayStep, state: StepState, t: (key: string) => string): string {
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

/** The three payment steps; each carries `data-state` (wait|process|finish|error|skipped). */
export function PayStepper({ states }: { states: StepStates }) {
  const { t } = useTranslation();
  return (
    <Steps direction="vertical" data-testid="pay-stepper">
      {PAY_STEPS.map((step) => (
        <Steps.Step
          key={step}
          data-testid={`pay-step-${step}`}
          data-state={states[step]}
          status={ANTD_STATUS[states[step]]}
          title={t(`pay.steps.${step}`)}
          description={description(step, states[step], t)}
        />
      ))}
    </Steps>
  );
}
