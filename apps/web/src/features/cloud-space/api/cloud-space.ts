import { files } from '@suanli/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { cloudSpaceKeys } from './keys';

export type CloudEntry = files.CloudEntry;

/** Where an entry sits: its folder ('/a/') and its name there. */
export interface Place {
  path: string;
  fileName: string;
}

export function useFolder(path: string) {
  return useQuery({
    queryKey: cloudSpaceKeys.folder(path),
    queryFn: () => http.call(files.listUserData, { query: { path } }),
    placeholderData: keepPreviousData,
  });
}

export function useStorageUsed() {
  return useQuery({
    queryKey: cloudSpaceKeys.storage(),
    queryFn: () => http.call(files.getUserDataStorageUsed),
  });
}

/** The folder an entry sits in: '/a/' for '/a/b.txt' and for '/a/b/'. */
export const parentOf = (entry: CloudEntry) => entry.path.slice(0, entry.path.replace(/\/$/, '').lastIndexOf('/') + 1);

/**
 * Starts copying an entry (a file, or a folder with what it holds) into a folder of one of the caller's running
 * applications; silent, because the dialog that asks shows the refusal beside the field it names.
 */
export const copyToApplication = (entry: CloudEntry, target: { applicationId: string; path: string }) =>
  http.call(files.downloadDataToTheApplication, {
    body: { dataPath: parentOf(entry), fileName: entry.name, ...target },
    silent: true,
  });

/** A download link saved under the file's name. */
export const downloadLink = (place: Place) => http.call(files.getUserDataDownloadUrl, { query: place });

function useCloudMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cloudSpaceKeys.all }),
  });
}

export const useDeleteEntry = () =>
  useCloudMutation((place: Place) => http.call(files.deleteUserData, { query: place }));

export const useCreateFolder = () =>
  useCloudMutation((place: Place) => http.call(files.createUserDataFolder, { query: place }));

export const useRenameEntry = () =>
  useCloudMutation((input: Place & { newName: string }) => http.call(files.moveUserData, { query: input }));

/** Refreshes the listing and the storage used after uploads finish. */
export function useRefreshCloudSpace() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cloudSpaceKeys.all });
}
