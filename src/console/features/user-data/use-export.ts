import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { toast } from '../../lib/toaster';
import { downloadFile } from './download-file';
import { type ExportFormat, exportFileName, exportMimeType } from './export-file';
import { type ExportProgress, exportStart, recordCount } from './export-progress';
import { runExport } from './run-export';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress }
  | { phase: 'done'; progress: ExportProgress; fileName: string }
  | { phase: 'cancelled'; progress: ExportProgress }
  | { phase: 'failed'; progress: ExportProgress; error: string };

/**
 * One export at a time: start reads every page into a file and downloads it; cancel aborts the
 * request in flight. Leaving the page cancels a running export too.
 */
export function useExport(apiKey: ApiKeyCredentials) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (organizationId: string, userId: string, format: ExportFormat) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      let progress = exportStart;
      setState({ phase: 'running', progress });
      runExport({
        apiKey,
        organizationId,
        userId,
        format,
        signal: own.signal,
        onProgress: (next) => {
          progress = next;
          setState({ phase: 'running', progress });
        },
      }).then(
        (result) => {
          const fileName = exportFileName(format, organizationId, userId);
          downloadFile(result.parts, fileName, exportMimeType[format]);
          setState({ phase: 'done', progress: result.progress, fileName });
          toast({
            tone: 'success',
            title: 'Export downloaded',
            message: `${recordCount(result.progress)} records of ${userId} in ${fileName}.`,
          });
        },
        (error: unknown) => {
          if (own.signal.aborted) {
            setState({ phase: 'cancelled', progress });
          } else {
            setState({ phase: 'failed', progress, error: errorMessage(error) });
          }
        },
      );
    },
    [apiKey],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
