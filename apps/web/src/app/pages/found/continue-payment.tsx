import type { FundOrder } from '@agc/shared';
import { PageLink } from '@web/components/PageLink.tsx';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';

/** Continue payment of an unpaid fund order: the product's purchase page, with the order. */
export function ContinuePayment({
  order,
  testId,
}: {
  order: Pick<FundOrder, 'order_id' | 'product'>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <PageLink
      to={withQuery(paths.fundProductDetail, { id: order.product.id, order: order.order_id })}
      className="btn btn-primary btn-block"
      testId={testId}
    >
      {t('fund.order.continue')}
    </PageLink>
  );
}
