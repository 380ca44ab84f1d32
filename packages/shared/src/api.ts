// The contract between server and web app. Every JSON response is an Envelope.
import type { FeatureFlag, GameType, Language, NoticeType } from './constants.ts';

export interface Envelope<T> {
  success: boolean;
  code: string;
  message?: string;
  value?: T;
}

/** GET /wps/system/status?url=<host> */
export interface SystemStatus {
  /** 0 normal, 1 maintenance, 2 region restricted */
  status: 0 | 1 | 2;
  maintenanceEnd: string | null;
  message: string | null;
  ip: string;
}

export interface WhitelabelNode {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelNode[];
}

export interface CustomerServiceLink {
  csPosition: string;
  /** 'LIVECHAT' | 'VIP' | 'FACEBOOK' | 'TELEGRAM' | ... */
  csType: string;
  path: string;
  title: string;
}

export interface Resource {
  /** 'IOS' | 'ANDROID' | 'IOS_LITE' */
  resourceType: string;
  url: string;
  qrCodeUrl: string | null;
}

export interface Licence {
  code: 'MGA' | 'BVI' | 'PAGCOR';
  name: string;
  text: string;
}

export interface BrandSettings {
  brandName: string;
  currencySymbol: string;
  languages: Language[];
  defaultLanguage: Language;
  loginedToHomePage: boolean;
  captchaEnabled: boolean;
  minimumAge: number;
  flags: Record<FeatureFlag, boolean>;
  socialLinks: { facebook: string | null; telegram: string | null };
  licences: Licence[];
  copyright: string;
}

/** GET /wps/system/permission?url=<host> */
export interface PermissionInfo {
  whitelabel: WhitelabelNode[];
  resources: Resource[];
  customerService: CustomerServiceLink[];
  analytics: { gtagId: string | null };
  domainRoute: string | null;
  imageCDNs: string[];
  launchGameCDNs: string[];
  location: { ip: string; country: string | null };
  maintenance: { enabled: boolean; maintenanceEnd: string | null; message: string | null };
  regionRestriction: boolean;
  settings: BrandSettings;
}

/** linkageType: 0 no link, 1 route inside the portal, 2 external address (new tab). */
export interface Banner {
  bannerId: number;
  url: string;
  groupName: string;
  linkageType: 0 | 1 | 2;
  link: string | null;
  title: string;
  /** Words the page renders over the art (absent for an image-only banner): headline, a line of detail, a button. */
  headline?: string;
  detail?: string;
  button?: string;
}

export interface Notice {
  id: number;
  type: NoticeType;
  title: string;
  /** Sanitised HTML */
  content: string;
  publishedAt: string;
}

/** GET /wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W */
export interface Announcements {
  banners: Banner[];
  player: Notice[];
  popup: Notice[];
  promotion: Notice[];
  home: Notice[];
}

/** GET /wps/system/helpCenter */
export interface HelpSection {
  key: string;
  title: string;
  /** Sanitised HTML */
  content: string;
}
export interface HelpCentre {
  sections: HelpSection[];
}

/** GET /wps/system/domainRoute */
export interface DomainList {
  domainList: { domainName: string; device: number }[];
}

/** What a vendor card opens (spec section 2): a popup of the vendor's games, or the one game it stands for. */
export const VENDOR_IS_GAME = ['GAME', 'VASSALAGE'] as const;
export type VendorIsGame = (typeof VENDOR_IS_GAME)[number];

export interface VendorCard {
  vassalage: string;
  accountTypeId: number;
  isHot: 0 | 1;
  displayName: string;
  gameType: GameType;
  logo: string;
  isGame: VendorIsGame;
  /** GAME cards: the game the card opens (the vendor's first enabled game of the type); null when it has none. */
  lobbyNodeId: string | null;
  /** GAME cards: the book's margin on that game in percent ("5.00"), when its vendor states one. */
  margin: string | null;
}

/** GET /wps/relay/GCSGAME_getVassGameType: game types in navigation order with their vendors. */
export interface GameTypeItem {
  gameType: GameType;
  isHot: 0 | 1;
  vendors: VendorCard[];
}
