import { api } from "./api-client";

/** GET /public/api/provinces: the 34 provinces and cities (2025), for province_code. */
export interface Province {
  code: string;
  name: string;
}
export const getProvinces = () => api<Province[]>("/public/api/provinces");
