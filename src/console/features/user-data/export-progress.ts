import { USER_DATA_ITEMS_PER_PAGE, type UserData } from '#contract/user-data';
import { type ExportFeature, exportFeatures } from './export-file';

/** How far an export is: pages read, records per feature, the features read to their end. */
export interface ExportProgress {
  pages: number;
  records: Record<ExportFeature, number>;
  /** Features whose last item has been read. */
  done: ExportFeature[];
  /** True once the service answered no next page. */
  finished: boolean;
}

export const exportStart: ExportProgress = {
  pages: 0,
  records: { comments: 0, reactions: 0, recordings: 0, notifications: 0 },
  done: [],
  finished: false,
};

/**
 * The progress after one more page. A feature is done when a page brings fewer items of it than
 * a full page (the service fills every page of a feature until its end), or when the export ends.
 */
export function afterPage(
  progress: ExportProgress,
  page: UserData,
  nextPageToken: string | null,
): ExportProgress {
  const finished = nextPageToken === null;
  const records = { ...progress.records };
  for (const feature of exportFeatures) records[feature] += page[feature].length;
  const done = exportFeatures.filter(
    (feature) =>
      finished ||
      progress.done.includes(feature) ||
      page[feature].length < USER_DATA_ITEMS_PER_PAGE,
  );
  return { pages: progress.pages + 1, records, done, finished };
}

export function recordCount(progress: ExportProgress): number {
  return exportFeatures.reduce((sum, feature) => sum + progress.records[feature], 0);
}
