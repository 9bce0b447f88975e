import { EmptyState } from './EmptyState.tsx';

/** What an admin page shows instead of itself to a member the server refuses (403). */
export function NoPermission({ testId, text }: { testId: string; text: string }) {
  return (
    <div className="page" data-testid={testId}>
      <EmptyState description={text} />
    </div>
  );
}
