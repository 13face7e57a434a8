import { Button } from './button';
import { EmptyState } from './empty-state';

/** A filtered list that came back empty: says so, and offers to clear the filters. */
export function NoMatches({ noun, onClear }: { noun: string; onClear: () => void }) {
  return (
    <EmptyState
      title={`No ${noun} matches these filters`}
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}
