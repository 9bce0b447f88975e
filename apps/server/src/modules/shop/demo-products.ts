// The demo catalogue (development seed and tests): four hash-power tiers, each with its shipped artwork
// (image_key) and its name and description in every interface language. Prices in USDT minor units.
import type { ProductRow } from './repository.ts';

export type DemoProduct = Pick<
  ProductRow,
  'name' | 'description' | 'imageKey' | 'translations' | 'priceUsdt' | 'sort'
>;

type Texts = Record<string, { name: string; description: string }>;

const STARTER: Texts = {
  'zh-Hans': { name: '入门版', description: '入门级算力套餐' },
  'zh-Hant': { name: '入門版', description: '入門級算力套餐' },
  ja: { name: 'スターター', description: 'エントリー向けハッシュパワーパッケージ' },
  ko: { name: '스타터', description: '입문용 해시 파워 패키지' },
  th: { name: 'เริ่มต้น', description: 'แพ็กเกจแฮชพาวเวอร์ระดับเริ่มต้น' },
  vi: { name: 'Khởi đầu', description: 'Gói sức mạnh băm cơ bản' },
  id: { name: 'Pemula', description: 'Paket hash power tingkat awal' },
  es: { name: 'Inicial', description: 'Paquete de potencia de hash de entrada' },
  fr: { name: 'Découverte', description: 'Offre de puissance de hachage d’entrée de gamme' },
  ru: { name: 'Стартовый', description: 'Начальный пакет хешрейта' },
  pl: { name: 'Start', description: 'Podstawowy pakiet mocy obliczeniowej' },
};

const BUILDER: Texts = {
  'zh-Hans': { name: '进阶版', description: '适合成长中团队的算力' },
  'zh-Hant': { name: '進階版', description: '適合成長中團隊的算力' },
  ja: { name: 'ビルダー', description: '成長するチームのためのハッシュパワー' },
  ko: { name: '빌더', description: '성장하는 팀을 위한 해시 파워' },
  th: { name: 'บิลเดอร์', description: 'แฮชพาวเวอร์สำหรับทีมที่กำลังเติบโต' },
  vi: { name: 'Phát triển', description: 'Sức mạnh băm cho đội nhóm đang phát triển' },
  id: { name: 'Pembangun', description: 'Hash power untuk tim yang sedang berkembang' },
  es: { name: 'Constructor', description: 'Potencia de hash para un equipo en crecimiento' },
  fr: { name: 'Croissance', description: 'Puissance de hachage pour une équipe qui grandit' },
  ru: { name: 'Развитие', description: 'Хешрейт для растущей команды' },
  pl: { name: 'Rozwój', description: 'Moc obliczeniowa dla rosnącego zespołu' },
};

const PRO: Texts = {
  'zh-Hans': { name: '专业版', description: '专业算力套餐' },
  'zh-Hant': { name: '專業版', description: '專業算力套餐' },
  ja: { name: 'プロ', description: 'プロフェッショナル向けハッシュパワーパッケージ' },
  ko: { name: '프로', description: '전문가용 해시 파워 패키지' },
  th: { name: 'โปร', description: 'แพ็กเกจแฮชพาวเวอร์ระดับมืออาชีพ' },
  vi: { name: 'Chuyên nghiệp', description: 'Gói sức mạnh băm chuyên nghiệp' },
  id: { name: 'Pro', description: 'Paket hash power profesional' },
  es: { name: 'Pro', description: 'Paquete de potencia de hash profesional' },
  fr: { name: 'Pro', description: 'Offre de puissance de hachage professionnelle' },
  ru: { name: 'Профи', description: 'Профессиональный пакет хешрейта' },
  pl: { name: 'Pro', description: 'Profesjonalny pakiet mocy obliczeniowej' },
};

const PREMIER: Texts = {
  'zh-Hans': { name: '尊享版', description: '规模最大的算力套餐' },
  'zh-Hant': { name: '尊享版', description: '規模最大的算力套餐' },
  ja: { name: 'プレミア', description: '最大規模のハッシュパワーパッケージ' },
  ko: { name: '프리미어', description: '가장 큰 해시 파워 패키지' },
  th: { name: 'พรีเมียร์', description: 'แพ็กเกจแฮชพาวเวอร์ที่ใหญ่ที่สุด' },
  vi: { name: 'Cao cấp', description: 'Gói sức mạnh băm lớn nhất' },
  id: { name: 'Premier', description: 'Paket hash power terbesar' },
  es: { name: 'Premier', description: 'El mayor paquete de potencia de hash' },
  fr: { name: 'Premier', description: 'La plus grande offre de puissance de hachage' },
  ru: { name: 'Премьер', description: 'Самый крупный пакет хешрейта' },
  pl: { name: 'Premier', description: 'Największy pakiet mocy obliczeniowej' },
};

/** English in name/description (the fallback), the other eleven languages in translations. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Starter',
    description: 'Entry hash power package',
    imageKey: 'starter',
    translations: STARTER,
    priceUsdt: 100_000_000n,
    sort: 1,
  },
  {
    name: 'Builder',
    description: 'Hash power for a growing team',
    imageKey: 'builder',
    translations: BUILDER,
    priceUsdt: 1_000_000_000n,
    sort: 2,
  },
  {
    name: 'Pro',
    description: 'Professional hash power package',
    imageKey: 'pro',
    translations: PRO,
    priceUsdt: 5_000_000_000n,
    sort: 3,
  },
  {
    name: 'Premier',
    description: 'The largest hash power package',
    imageKey: 'premier',
    translations: PREMIER,
    priceUsdt: 10_000_000_000n,
    sort: 4,
  },
];
