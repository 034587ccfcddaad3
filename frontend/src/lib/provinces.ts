import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "./api-client";
import type { PublicSchemas } from "./api/types";

export type Province = PublicSchemas["ProvinceOut"];

/** GET /public/api/provinces: the 34 provinces and cities (2025), for province_code. */
export function getProvinces(): Promise<Province[]> {
  return api<Province[]>("/public/api/provinces");
}

export const provincesQuery = () =>
  queryOptions({ queryKey: ["provinces"], queryFn: getProvinces, staleTime: Infinity });

export function useProvinces() {
  return useQuery(provincesQuery());
}
