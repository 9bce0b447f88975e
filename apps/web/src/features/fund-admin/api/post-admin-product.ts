import { type fundProductBody, fundProductSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, request } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundAdminKeys } from './keys.ts';

export type FundProductInput = z.input<typeof fundProductBody>;

/** POST /admin/funds/products: a new product (the form shows the server's message). */
export const createFundProduct = (body: FundProductInput) =>
  post('/admin/funds/products', body, { schema: fundProductSchema, silent: true });

/** PUT /admin/funds/products/{id}: the product's fields, translations and status. */
export const updateFundProduct = ({ id, body }: { id: number; body: FundProductInput }) =>
  request({
    url: `/admin/funds/products/${id}`,
    method: 'PUT',
    data: body,
    schema: fundProductSchema,
    silent: true,
  });

/** Creates (no id) or updates a product; the product list is read again. */
export function useSaveFundProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FundProductInput }) =>
      id === null ? createFundProduct(body) : updateFundProduct({ id, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundAdminKeys.products }),
  });
}
