import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { setCurrentUser } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";

/** PUT /api/v1/users/profile/self/grade (1..12), needed before the marketplace (spec §5). */
export function updateGrade(grade: NonNullable<V1Schemas["GradeIn"]["grade"]>): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/profile/self/grade", { method: "PUT", body: { grade } });
}

export function useUpdateGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGrade,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
