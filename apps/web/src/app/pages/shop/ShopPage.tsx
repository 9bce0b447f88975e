import { EmptyState } from '../../../components/EmptyState.tsx';

/** Shop (tab 2). Products arrive with their issue. */
export default function ShopPage() {
  return <EmptyState />;
}
