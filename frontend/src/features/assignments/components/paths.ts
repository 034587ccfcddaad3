/** The /assignment routes (spec §2), the preset takers page and a test's gradebook and item
 * analysis (issue 19), for links. */
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
  gradebook: (presetId: number) => `/assignment/gradebook/preset/${presetId}`,
  itemAnalysis: (presetId: number) => `/assignment/item-analysis/preset/${presetId}`,
  accommodations: "/assignment/accommodations",
};
