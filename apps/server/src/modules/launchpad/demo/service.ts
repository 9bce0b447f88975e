import type { DbOrTx } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { DAY_MS } from '../release/schedule.ts';
import { insertRoundsIfNone, type LaunchpadRoundRow } from '../rounds/repository.ts';

const USDT = 10n ** 6n;
const AGC = 10n ** 18n;

/** "AGC Venture Round 1" in the 12 languages (English is the row's own name and description). */
const TEXTS: Record<string, { name: string; description: string }> = {
  en: {
    name: 'AGC Venture Round 1',
    description:
      '200 numbered copies at 100 USDT, 400 AGC each. The AGC is locked for 30 days after the round ends, then released daily over 180 days. At most 5 copies per member.',
  },
  es: {
    name: 'Ronda de inversión AGC 1',
    description:
      '200 participaciones numeradas a 100 USDT, 400 AGC cada una. Los AGC quedan bloqueados 30 días tras el cierre de la ronda y luego se liberan a diario durante 180 días. Máximo 5 participaciones por miembro.',
  },
  fr: {
    name: 'Tour de financement AGC 1',
    description:
      '200 parts numérotées à 100 USDT, 400 AGC chacune. Les AGC sont bloqués 30 jours après la fin du tour, puis libérés chaque jour pendant 180 jours. 5 parts au plus par membre.',
  },
  id: {
    name: 'Putaran Ventura AGC 1',
    description:
      '200 bagian bernomor seharga 100 USDT, masing-masing 400 AGC. AGC dikunci selama 30 hari setelah putaran berakhir, lalu dilepas setiap hari selama 180 hari. Maksimal 5 bagian per anggota.',
  },
  ja: {
    name: 'AGC ベンチャーラウンド 1',
    description:
      '番号付きの200口、1口100 USDTで400 AGC。AGCはラウンド終了後30日間ロックされ、その後180日かけて毎日解放されます。1会員あたり最大5口。',
  },
  ko: {
    name: 'AGC 벤처 라운드 1',
    description:
      '번호가 매겨진 200구좌, 구좌당 100 USDT에 400 AGC. AGC는 라운드 종료 후 30일간 잠기며, 이후 180일에 걸쳐 매일 해제됩니다. 회원당 최대 5구좌.',
  },
  pl: {
    name: 'Runda inwestycyjna AGC 1',
    description:
      '200 numerowanych udziałów po 100 USDT, każdy to 400 AGC. AGC są zablokowane przez 30 dni po zakończeniu rundy, a potem odblokowywane codziennie przez 180 dni. Najwyżej 5 udziałów na członka.',
  },
  ru: {
    name: 'Венчурный раунд AGC 1',
    description:
      '200 пронумерованных долей по 100 USDT, в каждой 400 AGC. AGC заблокированы на 30 дней после окончания раунда, затем разблокируются ежедневно в течение 180 дней. Не более 5 долей на участника.',
  },
  th: {
    name: 'AGC เวนเจอร์รอบที่ 1',
    description:
      '200 ส่วนแบบมีหมายเลข ราคาส่วนละ 100 USDT ได้ 400 AGC ต่อส่วน AGC จะถูกล็อก 30 วันหลังรอบสิ้นสุด แล้วทยอยปลดล็อกทุกวันตลอด 180 วัน สมาชิกซื้อได้ไม่เกิน 5 ส่วน',
  },
  vi: {
    name: 'Vòng đầu tư AGC 1',
    description:
      '200 suất được đánh số, giá 100 USDT mỗi suất, mỗi suất 400 AGC. AGC bị khóa 30 ngày sau khi vòng kết thúc, sau đó được mở khóa hằng ngày trong 180 ngày. Mỗi thành viên tối đa 5 suất.',
  },
  'zh-Hans': {
    name: 'AGC 创投轮 第1期',
    description:
      '共200份编号份额，每份100 USDT，含400 AGC。本轮结束后AGC锁定30天，之后在180天内每日线性释放。每位会员最多5份。',
  },
  'zh-Hant': {
    name: 'AGC 創投輪 第1期',
    description:
      '共200份編號份額，每份100 USDT，含400 AGC。本輪結束後AGC鎖定30天，之後在180天內每日線性釋放。每位會員最多5份。',
  },
};

/** Demo data: "AGC Venture Round 1", open since a day before `now`, for an empty launchpad_rounds (seed.ts). */
export async function seedLaunchpadRound(tx: DbOrTx, now: Date): Promise<LaunchpadRoundRow[]> {
  const { en, ...others } = TEXTS;
  return insertRoundsIfNone(tx, [
    {
      name: defined(en).name,
      description: defined(en).description,
      translations: others,
      copies: 200,
      priceUsdt: 100n * USDT,
      agcPerCopy: 400n * AGC,
      perMemberLimit: 5,
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + 30 * DAY_MS),
      cliffDays: 30,
      linearDays: 180,
      createdBy: null,
    },
  ]);
}
