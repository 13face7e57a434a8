import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/not-built';
import { NotFound } from '../../../../components/not-found';
import { unbuiltArea } from '../../../../lib/areas';

/** The areas of a key not built yet; a built area's own route file takes precedence. */
export const Route = createFileRoute('/_app/keys/$apiKeyId/$area')({
  loader: ({ params }) => {
    const area = unbuiltArea(params.area);
    if (!area) throw notFound();
    return { label: area.label };
  },
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  component: AreaPlaceholder,
  // Rendered in this route's place, so inside the key's frame.
  notFoundComponent: NotFound,
});

function AreaPlaceholder() {
  const { label } = Route.useLoaderData();
  return <NotBuilt label={label} />;
}
