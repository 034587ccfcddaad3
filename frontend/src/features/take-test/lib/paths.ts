/** The learner's routes of test taking. */
export const paths = {
  preparation: (id: number) => `/take-test/preparation/${id}`,
  test: (id: number) => `/take-test/${id}`,
  result: (id: number) => `/assignment/result/index?id=${id}`,
  detail: (id: number) => `/assignment/takers-detail/${id}`,
  list: "/assignment/student",
} as const;
