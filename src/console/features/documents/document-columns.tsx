import type { Document } from '#contract/documents';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';

/** The documents table's columns. */
export const documentColumns: Column<Document>[] = [
  {
    id: 'id',
    header: 'Document ID',
    width: 'minmax(12rem, 1.5fr)',
    cell: (document) => <IdText value={document.id} label="document ID" />,
  },
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(12rem, 2fr)',
    cell: (document) => document.documentName,
  },
  {
    id: 'accessType',
    header: 'Access',
    width: '9rem',
    cell: (document) => <Badge>{document.accessType}</Badge>,
  },
  {
    id: 'status',
    header: 'Status',
    width: '7rem',
    cell: (document) => (
      <Badge tone={document.disabled ? 'warning' : 'success'}>
        {document.disabled ? 'Disabled' : 'Active'}
      </Badge>
    ),
  },
];
