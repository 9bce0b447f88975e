/**
 * uPlot draws on a canvas, which the DOM of the tests lacks: page tests replace `components/LineChart` with this
 * stand-in, which shows what it was given ("label|label:y,y;y,y", the x values left out):
 * `vi.mock('@web/components/LineChart.tsx', () => import('@web/test/line-chart-stub.tsx'))`.
 */
export default function LineChartStub({
  labels,
  data,
  testId,
}: {
  labels: readonly string[];
  data: (number | null)[][];
  testId: string;
}) {
  return (
    <div data-testid={testId}>{`${labels.join('|')}:${data
      .slice(1)
      .map((s) => s.join(','))
      .join(';')}`}</div>
  );
}
