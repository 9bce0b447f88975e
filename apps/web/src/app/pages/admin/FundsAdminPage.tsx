import { EmptyState } from '../../../components/EmptyState.tsx';

/** Placeholder until its feature is built: the layout shows the title, the page an empty state. */
export default function FundsAdminPage() {
  return <EmptyState />;
}
