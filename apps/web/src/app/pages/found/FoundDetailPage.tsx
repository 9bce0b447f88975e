import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { useFundOrder } from '@web/features/funds/api/get-fund-order.ts';
import { useFundProduct } from '@web/features/funds/api/get-fund-product.ts';
import { FundDetail } from '@web/features/funds/components/FundDetail.tsx';
import { PurchaseSheet } from '@web/features/funds/components/PurchaseSheet.tsx';
import { useMe } from '@web/lib/me.ts';
import { redirectTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const positiveId = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/**
 * A fund (`?id=`): its figures, NAV chart and Subscribe, which opens the purchase sheet. With `&order=<order_id>`
 * ("Continue payment" of an UnPaid subscription) the sheet opens on that order's payment.
 */
export default function FoundDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = positiveId(search.get('id'));
  const resumeId = search.get('order');
  const product = useFundProduct(id);
  const resume = useFundOrder(resumeId && /^\d+$/.test(resumeId) ? resumeId : null);
  const config = usePublicConfig();
  const me = useMe();
  const storeAddress = useWalletStore((s) => s.address);
  const [open, setOpen] = useState(false);
  const [resumeDone, setResumeDone] = useState(false);
  const resumable =
    !resumeDone && resume.data?.status === 'UnPaid' && resume.data.product.id === id ? resume.data : null;

  useEffect(() => {
    if (resumable) setOpen(true);
  }, [resumable]);

  return (
    <div className="page found-detail">
      <DetailLoad
        query={product}
        validId={id !== null}
        testIdPrefix="fund-detail"
        notFoundText={t('fund.detail.notFound')}
      >
        {(data) => (
          <>
            <FundDetail product={data} onSubscribe={() => setOpen(true)} />
            <PurchaseSheet
              product={data}
              visible={open}
              order={resumable}
              config={config.data}
              address={storeAddress ?? me.data?.address}
              onClose={() => {
                setOpen(false);
                setResumeDone(true);
              }}
              onPaid={(order) =>
                void redirectTo(withQuery(paths.fundPayResult, { id: order.order_id })).catch(() => undefined)
              }
            />
          </>
        )}
      </DetailLoad>
    </div>
  );
}
