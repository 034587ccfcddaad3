/** The /assignment routes (spec §2) and the preset takers page, for links. */
export const assignmentPaths = {
  list: "/assignment",
  overview: "/assignment/overview",
  takers: "/assignment/takers",
  batchList: "/assignment/batch-list",
  form: (presetId?: number) => (presetId ? `/assignment/form?preset_id=${presetId}` : "/assignment/form"),
  takersOf: (presetId: number) => `/assignment/takers?preset_id=${presetId}`,
  batches: (presetId: number) => `/assignment/batch/${presetId}`,
  batchDetail: (batchId: number) => `/assignment/batch-detail/${batchId}`,
  takersDetail: (presetId: number) => `/test-preset/takers-detail/${presetId}`,
  presetDetail: (presetId: number) => `/test-preset/detail/${presetId}`,
};
