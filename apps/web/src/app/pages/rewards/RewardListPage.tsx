import { EmptyState } from '../../../components/EmptyState.tsx';

/** Rewards (tab 1, route name "detail"). The reward list arrives with its issue. */
export default function RewardListPage() {
  return <EmptyState />;
}
