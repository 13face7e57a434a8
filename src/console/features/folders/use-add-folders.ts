import { useQueryClient } from '@tanstack/react-query';
import { type AddFolderRequest, addFolder } from '#contract/folders';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { folderQueries } from './queries';

/** Add Folder: the per-folder results; the tree reads the parent's children again itself. */
export function useAddFolders(apiKey: ApiKeyCredentials, onAdded: () => void) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: AddFolderRequest) =>
      (await call(addFolder, request, { apiKey })).data,
    onSaved: async () => {
      // Counts on the key's overview include folders' documents' organizations: ask them again.
      await queryClient.invalidateQueries({ queryKey: folderQueries.one(apiKey.id) });
      onAdded();
    },
  });
}
