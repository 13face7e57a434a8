import { useQueryClient } from '@tanstack/react-query';
import { addDomains, deleteDomains } from '#contract/allowed-domains';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { apiKeyQueries } from './queries';

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Add Domains and Delete Domains of one key; each refreshes the key's list from the service. */
export function useDomainChanges(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: apiKeyQueries.domains(apiKey).queryKey });
  const adding = useSaveMutation({
    mutationFn: async (domains: string[]) => (await call(addDomains, { domains }, { apiKey })).data,
    onSaved: refresh,
    success: ({ domainsAdded, skippedDomains = [] }) => ({
      title: `${count(domainsAdded.length, 'domain')} added`,
      ...(skippedDomains.length > 0
        ? { message: `Already allowed: ${skippedDomains.join(', ')}.` }
        : {}),
    }),
  });
  const removing = useSaveMutation({
    mutationFn: async (domain: string) =>
      (await call(deleteDomains, { domains: [domain] }, { apiKey })).data,
    onSaved: refresh,
    success: (_answer, domain) => `${domain} removed`,
  });
  return { adding, removing };
}
