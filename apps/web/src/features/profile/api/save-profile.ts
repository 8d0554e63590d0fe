import { users } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import type { Profile } from './get-profile';
import { profileKeys } from './keys';

/** Silent: the profile form reports a refusal under the field it names. */
export function saveProfile(body: Profile): Promise<Profile> {
  return http.call(users.saveProfile, { body, silent: true });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
}
