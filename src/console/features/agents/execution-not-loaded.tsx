import { Button } from '../../components/button';
import { DialogClose, DialogContent } from '../../components/dialog';

/**
 * An execution named in the address that the loaded rows do not hold. The service lists
 * executions but cannot get one by ID, so it is found only among the rows read so far.
 */
export function ExecutionNotLoaded({ id, loaded }: { id: string; loaded: number }) {
  return (
    <DialogContent
      title="Execution not loaded"
      description={
        <>
          <code className="font-mono break-all">{id}</code> is not among the{' '}
          {loaded.toLocaleString('en')} executions loaded with these filters. Scroll the table to
          load more, or change the filters.
        </>
      }
      footer={
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      }
    />
  );
}
