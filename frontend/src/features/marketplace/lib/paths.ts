import { generatePath } from "react-router-dom";

import { paths } from "@/config/paths";

export const checkoutPath = (itemId: number | "all") =>
  generatePath(paths.checkout, { item_id: String(itemId) });

export const transactionPath = (id: number) =>
  generatePath(paths.transaction, { transaction_id: String(id) });

export const listingPath = (id: number) => `${paths.marketplace}/${id}`;
