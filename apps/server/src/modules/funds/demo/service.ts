import type { DbOrTx } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { transferBatch } from '@server/modules/ledger/index.ts';
import { subscriptionPayment } from '../accounts.ts';
import { NAV_ONE, PPM } from '../math.ts';
import { priceAtNav } from '../nav/pricing.ts';
import { firstPublishedNavOn, insertPublishedNavs } from '../nav/repository.ts';
import { insertPaidSubscription } from '../orders/repository.ts';
import { type FundProductInput, insertFundProductsIfNone } from '../products/repository.ts';

type Texts = Record<string, { name: string; description: string }>;

interface DemoFund {
  product: Omit<FundProductInput, 'name' | 'description' | 'translations'>;
  texts: Texts;
  /** The NAV walk: drift and half-range of the daily step, in ppm. */
  driftPpm: bigint;
  swingPpm: bigint;
}

const USDT = 1_000_000n;

/** Three demo funds of different risk levels, named and described in the 12 languages. */
const DEMO_FUNDS: DemoFund[] = [
  {
    product: {
      risk: 'Low',
      lockDays: 7,
      minimumUsdt: 100n * USDT,
      subscriptionFeePpm: 0,
      redemptionFeePpm: 1_000,
      expectedYieldPpm: 45_000,
      distributionPpm: 40_000,
      status: 'on',
      sort: 1,
    },
    driftPpm: 120n,
    swingPpm: 60n,
    texts: {
      en: {
        name: 'AGC Money Market',
        description: 'Short-term USDT deposits and treasury bills. Steady daily value, monthly interest.',
      },
      es: {
        name: 'AGC Mercado Monetario',
        description:
          'Depósitos en USDT a corto plazo y letras del Tesoro. Valor diario estable, interés mensual.',
      },
      fr: {
        name: 'AGC Monétaire',
        description:
          'Dépôts en USDT à court terme et bons du Trésor. Valeur quotidienne stable, intérêts mensuels.',
      },
      id: {
        name: 'AGC Pasar Uang',
        description:
          'Deposito USDT jangka pendek dan surat perbendaharaan. Nilai harian stabil, bunga bulanan.',
      },
      ja: {
        name: 'AGC マネー・マーケット',
        description: '短期のUSDT預金と短期国債で運用。日々の価額は安定し、毎月分配があります。',
      },
      ko: {
        name: 'AGC 머니마켓',
        description: '단기 USDT 예치금과 단기 국채에 투자합니다. 안정적인 일일 가치, 매월 이자 지급.',
      },
      pl: {
        name: 'AGC Rynku Pieniężnego',
        description:
          'Krótkoterminowe depozyty USDT i bony skarbowe. Stabilna wartość dzienna, odsetki co miesiąc.',
      },
      ru: {
        name: 'AGC Денежный рынок',
        description:
          'Краткосрочные депозиты в USDT и казначейские векселя. Стабильная стоимость, ежемесячный доход.',
      },
      th: {
        name: 'AGC ตลาดเงิน',
        description: 'ลงทุนในเงินฝาก USDT ระยะสั้นและตั๋วเงินคลัง มูลค่ารายวันมั่นคง จ่ายดอกเบี้ยรายเดือน',
      },
      vi: {
        name: 'AGC Thị trường Tiền tệ',
        description:
          'Tiền gửi USDT ngắn hạn và tín phiếu kho bạc. Giá trị hằng ngày ổn định, trả lãi hằng tháng.',
      },
      'zh-Hans': {
        name: 'AGC 货币市场基金',
        description: '投资于短期 USDT 存款和国库券。每日净值稳定，按月派息。',
      },
      'zh-Hant': {
        name: 'AGC 貨幣市場基金',
        description: '投資於短期 USDT 存款和國庫券。每日淨值穩定，按月派息。',
      },
    },
  },
  {
    product: {
      risk: 'Medium',
      lockDays: 30,
      minimumUsdt: 100n * USDT,
      subscriptionFeePpm: 10_000,
      redemptionFeePpm: 5_000,
      expectedYieldPpm: 80_000,
      distributionPpm: 30_000,
      status: 'on',
      sort: 2,
    },
    driftPpm: 220n,
    swingPpm: 4_000n,
    texts: {
      en: {
        name: 'AGC Balanced Income',
        description: 'A mix of bonds and dividend shares for income with moderate price swings.',
      },
      es: {
        name: 'AGC Renta Equilibrada',
        description:
          'Una combinación de bonos y acciones con dividendo para obtener renta con oscilaciones moderadas.',
      },
      fr: {
        name: 'AGC Revenu Équilibré',
        description:
          'Un mélange d’obligations et d’actions à dividende pour un revenu avec des variations modérées.',
      },
      id: {
        name: 'AGC Pendapatan Seimbang',
        description: 'Campuran obligasi dan saham berdividen untuk pendapatan dengan fluktuasi harga sedang.',
      },
      ja: {
        name: 'AGC バランス・インカム',
        description: '債券と高配当株を組み合わせ、値動きを抑えながら収益を目指します。',
      },
      ko: {
        name: 'AGC 밸런스 인컴',
        description: '채권과 배당주를 섞어 적당한 가격 변동 속에서 수익을 추구합니다.',
      },
      pl: {
        name: 'AGC Zrównoważony Dochód',
        description: 'Połączenie obligacji i akcji dywidendowych: dochód przy umiarkowanych wahaniach cen.',
      },
      ru: {
        name: 'AGC Сбалансированный доход',
        description: 'Облигации и дивидендные акции: доход при умеренных колебаниях цены.',
      },
      th: {
        name: 'AGC รายได้สมดุล',
        description: 'ผสมตราสารหนี้และหุ้นปันผล เพื่อรายได้โดยมีความผันผวนของราคาปานกลาง',
      },
      vi: {
        name: 'AGC Thu nhập Cân bằng',
        description: 'Kết hợp trái phiếu và cổ phiếu cổ tức để có thu nhập với biến động giá vừa phải.',
      },
      'zh-Hans': { name: 'AGC 平衡收益基金', description: '债券与分红股票组合，在适度波动中追求稳定收益。' },
      'zh-Hant': { name: 'AGC 平衡收益基金', description: '債券與派息股票組合，在適度波動中追求穩定收益。' },
    },
  },
  {
    product: {
      risk: 'High',
      lockDays: 90,
      minimumUsdt: 100n * USDT,
      subscriptionFeePpm: 15_000,
      redemptionFeePpm: 10_000,
      expectedYieldPpm: 150_000,
      distributionPpm: 0,
      status: 'on',
      sort: 3,
    },
    driftPpm: 400n,
    swingPpm: 12_000n,
    texts: {
      en: {
        name: 'AGC Global Growth',
        description:
          'Growth shares and digital assets worldwide. Higher expected return, large price swings, no distribution.',
      },
      es: {
        name: 'AGC Crecimiento Global',
        description:
          'Acciones de crecimiento y activos digitales de todo el mundo. Mayor rentabilidad esperada, grandes oscilaciones, sin reparto.',
      },
      fr: {
        name: 'AGC Croissance Mondiale',
        description:
          'Actions de croissance et actifs numériques du monde entier. Rendement attendu plus élevé, fortes variations, sans distribution.',
      },
      id: {
        name: 'AGC Pertumbuhan Global',
        description:
          'Saham pertumbuhan dan aset digital di seluruh dunia. Imbal hasil lebih tinggi, fluktuasi besar, tanpa distribusi.',
      },
      ja: {
        name: 'AGC グローバル・グロース',
        description:
          '世界の成長株とデジタル資産に投資。期待リターンは高い一方、値動きが大きく、分配はありません。',
      },
      ko: {
        name: 'AGC 글로벌 그로스',
        description:
          '전 세계 성장주와 디지털 자산에 투자합니다. 기대 수익이 높고 가격 변동이 크며 분배금은 없습니다.',
      },
      pl: {
        name: 'AGC Globalny Wzrost',
        description:
          'Akcje wzrostowe i aktywa cyfrowe z całego świata. Wyższy oczekiwany zwrot, duże wahania, bez wypłat.',
      },
      ru: {
        name: 'AGC Глобальный рост',
        description:
          'Акции роста и цифровые активы по всему миру. Выше ожидаемая доходность, сильные колебания, без выплат.',
      },
      th: {
        name: 'AGC เติบโตทั่วโลก',
        description: 'หุ้นเติบโตและสินทรัพย์ดิจิทัลทั่วโลก ผลตอบแทนคาดหวังสูง ราคาผันผวนมาก ไม่มีการจ่ายปันผล',
      },
      vi: {
        name: 'AGC Tăng trưởng Toàn cầu',
        description:
          'Cổ phiếu tăng trưởng và tài sản số toàn cầu. Lợi nhuận kỳ vọng cao hơn, biến động lớn, không chia lãi.',
      },
      'zh-Hans': {
        name: 'AGC 全球成长基金',
        description: '投资全球成长股与数字资产。预期回报较高，价格波动大，不派息。',
      },
      'zh-Hant': {
        name: 'AGC 全球成長基金',
        description: '投資全球成長股與數位資產。預期回報較高，價格波動大，不派息。',
      },
    },
  },
];

export const DEMO_NAV_DAYS = 90;

/**
 * A fund's demo NAV walk: `days` values from 1.00000000, each day's step the drift plus a deterministic
 * pseudo-random swing (a linear congruential generator seeded by `seed`), all in integers.
 */
export function demoNavWalk(seed: number, days: number, driftPpm: bigint, swingPpm: bigint): bigint[] {
  let state = BigInt(seed) + 1n;
  let nav = NAV_ONE;
  const out: bigint[] = [];
  for (let i = 0; i < days; i++) {
    out.push(nav);
    state = (state * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) % 2n ** 64n;
    const swing = ((state >> 33n) % (2n * swingPpm + 1n)) - swingPpm;
    nav = (nav * (PPM + driftPpm + swing)) / PPM;
  }
  return out;
}

/**
 * Demo funds for an empty fund_products table (development seed): three products of different risk levels
 * and a published NAV history of DEMO_NAV_DAYS days ending yesterday (entered by nobody: demo data). Does
 * nothing when any fund product exists.
 */
export async function seedFundProducts(db: DbOrTx, now: Date): Promise<number> {
  const created = await insertFundProductsIfNone(
    db,
    DEMO_FUNDS.map((f) => {
      const { en, ...others } = f.texts;
      return {
        ...f.product,
        name: defined(en).name,
        description: defined(en).description,
        translations: others,
      };
    }),
  );
  const products: string[] = [];
  const days: string[] = [];
  const navs: string[] = [];
  const published: string[] = [];
  created.forEach((row, i) => {
    const fund = defined(DEMO_FUNDS[i]);
    const walk = demoNavWalk(row.id, DEMO_NAV_DAYS, fund.driftPpm, fund.swingPpm);
    walk.forEach((nav, k) => {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      day.setUTCDate(day.getUTCDate() - (DEMO_NAV_DAYS - k));
      products.push(String(row.id));
      days.push(day.toISOString().slice(0, 10));
      navs.push(nav.toString());
      published.push(new Date(day.getTime() + 16 * 3_600_000).toISOString());
    });
  });
  await insertPublishedNavs(db, { products, days, navs, published });
  return created.length;
}

/**
 * A demo member's holding whose lock has ended, so that a demo can redeem at once and see the queue: `amount` USDT
 * subscribed to the first demo fund and priced at its NAV of `daysAgo` days ago (past its 7-day lock). Paid the way
 * the payment confirmation leaves a subscription (chain inflow → the member's fund_subscribing) and priced by the
 * NAV pricing itself, so the ledger and the holding are what a real subscription leaves. Null without that NAV.
 */
export async function seedDemoHolding(
  tx: DbOrTx,
  ctx: AppContext,
  userId: bigint,
  amount = 500n * USDT,
  daysAgo = 20,
): Promise<bigint | null> {
  const day = new Date(ctx.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const first = await firstPublishedNavOn(tx, day);
  if (!first) return null;
  const { nav, productId, feePpm } = first;
  const id = await insertPaidSubscription(tx, { userId, productId, amount, feePpm, day: nav.day });
  await transferBatch(tx, [subscriptionPayment(userId, id.toString(), amount)]);
  await priceAtNav(tx, ctx, productId, nav);
  return id;
}
