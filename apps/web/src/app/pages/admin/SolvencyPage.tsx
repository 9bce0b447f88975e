import { EmptyState } from '../../../components/EmptyState.tsx';

/** Placeholder until its feature is built (issue 17): the layout shows the title, the page an empty state. */
export default function Page() {
  return <EmptyState />;
}
