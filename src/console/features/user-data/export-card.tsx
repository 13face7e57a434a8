import { getAllUserDataRequest } from '#contract/user-data';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { ProgressBar } from '../../components/progress-bar';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { fieldMessage } from '../../lib/format';
import { type ExportFormat, exportFeatures } from './export-file';
import { type ExportProgress, recordCount } from './export-progress';
import { useExport } from './use-export';
import { getAllUserData } from '#contract/user-data';
import { CallButton } from '../../components/call-button';

interface ExportCardProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  userId: string | undefined;
  format: ExportFormat;
  onFormat: (format: ExportFormat) => void;
}

const formats: { value: ExportFormat; label: string; description: string }[] = [
  { value: 'json', label: 'JSON', description: 'one document, a list per feature' },
  { value: 'jsonl', label: 'JSON Lines', description: 'one record per line, with its feature' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function progressText(progress: ExportProgress): string {
  return `${progress.done.length} of ${exportFeatures.length} features, ${plural(progress.pages, 'page', 'pages')}, ${plural(recordCount(progress), 'record', 'records')}`;
}

function FeatureCounts({ progress }: { progress: ExportProgress }) {
  return (
    <ul aria-label="Records per feature" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {exportFeatures.map((feature) => (
        <li key={feature}>
          <span className="text-muted">{feature}</span> {progress.records[feature]}
        </li>
      ))}
    </ul>
  );
}

/** Every page of the user's data into one file, with its progress and a way to stop it. */
export function ExportCard({ apiKey, organizationId, userId, format, onFormat }: ExportCardProps) {
  const { state, start, cancel } = useExport(apiKey);
  const running = state.phase === 'running';
  // The contract's rules of Get All User Data, checked before asking.
  const checked = userId ? getAllUserDataRequest.safeParse({ organizationId, userId }) : undefined;
  const problem =
    checked && !checked.success
      ? fieldMessage('User ID', checked.error.issues[0]?.message)
      : undefined;
  return (
    <Card>
      <section aria-labelledby="export-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="export-heading" className="text-base font-semibold">
            Export
          </h2>
          <p className="text-sm text-muted">
            The user’s comments, reactions, recordings and notifications in this organization, every
            page of Get All User Data, in one file.
          </p>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">File format</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {formats.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="export-format"
                  className="size-4 accent-accent"
                  value={option.value}
                  checked={format === option.value}
                  disabled={running}
                  onChange={() => onFormat(option.value)}
                />
                {option.label} <span className="text-muted">({option.description})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <CallButton
            endpoint={getAllUserData}
            disabled={!userId || problem !== undefined || running}
            onClick={() => userId && start(organizationId, userId, format)}
          >
            {running ? 'Exporting…' : 'Export'}
          </CallButton>
          {running ? (
            <Button variant="secondary" onClick={cancel}>
              Cancel export
            </Button>
          ) : null}
        </div>
        {!userId ? (
          <p className="text-sm text-muted">Find a user above to export their data.</p>
        ) : null}
        <FormAlert message={problem} />
        {state.phase === 'idle' ? null : (
          <div className="space-y-2" aria-live="polite">
            <ProgressBar
              label="Export progress"
              value={state.progress.done.length}
              max={exportFeatures.length}
              valueText={progressText(state.progress)}
            />
            <FeatureCounts progress={state.progress} />
            {state.phase === 'done' ? (
              <p className="text-sm wrap-anywhere">
                Downloaded <code className="font-mono">{state.fileName}</code>.
              </p>
            ) : null}
            {state.phase === 'cancelled' ? (
              <p className="text-sm">
                Export cancelled after {plural(state.progress.pages, 'page', 'pages')}; nothing was
                downloaded.
              </p>
            ) : null}
            {state.phase === 'failed' ? <FormAlert message={state.error} /> : null}
          </div>
        )}
      </section>
    </Card>
  );
}
