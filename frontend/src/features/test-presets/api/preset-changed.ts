import type { QueryClient } from "@tanstack/react-query";

import { testPresetKeys, type Preset } from "@/lib/api/test-presets";

/** After a change to preset `id`: put the server's `preset` in the cache (or refetch it), refetch
 * the lists and, with `form`, the generated form. */
export async function presetChanged(
  queryClient: QueryClient,
  id: number,
  { preset, form = false }: { preset?: Preset; form?: boolean } = {},
): Promise<void> {
  if (preset) queryClient.setQueryData(testPresetKeys.detail(id), preset);
  else await queryClient.invalidateQueries({ queryKey: testPresetKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: testPresetKeys.lists() });
  if (form) await queryClient.invalidateQueries({ queryKey: testPresetKeys.form(id) });
}
