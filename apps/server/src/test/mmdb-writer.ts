import ipaddr from 'ipaddr.js';

/**
 * A minimal writer of MaxMind DB files (https://maxmind.github.io/MaxMind-DB/), for test fixtures only: npm has no
 * maintained writer (MaxMind's own is in Go). It writes what the format requires and nothing more:
 *
 * - an IPv6 search tree (IPv4 networks live under ::/96, as in MaxMind's databases) of 24-bit records, built as a
 *   binary trie over the address bits, nodes numbered breadth first from the root (node 0). A record holds a node
 *   number, the node count for "no data", or node count + 16 + an offset into the data section;
 * - 16 zero bytes, then the data section: each network's value in the format's own encoding (no pointers);
 * - the metadata marker "\xAB\xCD\xEFMaxMind.com" and the metadata map.
 *
 * Networks must not overlap. Values are strings, booleans, arrays, maps, unsigned integers (JS numbers become
 * uint32; `uint16`/`uint64` mark the metadata's other widths).
 */

export type MmdbValue = string | number | boolean | MmdbUint | MmdbValue[] | { [key: string]: MmdbValue };

class MmdbUint {
  constructor(
    readonly bytes: 2 | 8,
    readonly value: bigint,
  ) {}
}

export const uint16 = (value: number) => new MmdbUint(2, BigInt(value));
export const uint64 = (value: number) => new MmdbUint(8, BigInt(value));

const TYPE = { utf8: 2, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11, boolean: 14 } as const;
const RECORD_BITS = 24;
const DATA_SEPARATOR = Buffer.alloc(16);
const METADATA_MARKER = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);

/** The control byte(s): type in the top three bits (0 plus a byte for types past 7), then the payload's size. */
function control(type: number, size: number): Buffer {
  const extended = type > 7 ? [type - 7] : [];
  const first = type > 7 ? 0 : type << 5;
  if (size < 29) return Buffer.from([first | size, ...extended]);
  if (size < 285) return Buffer.from([first | 29, ...extended, size - 29]);
  if (size < 65_821) return Buffer.from([first | 30, ...extended, (size - 285) >> 8, (size - 285) & 0xff]);
  const rest = size - 65_821;
  return Buffer.from([first | 31, ...extended, rest >> 16, (rest >> 8) & 0xff, rest & 0xff]);
}

/** Big-endian, without leading zero bytes (the format's unsigned integers). */
function unsigned(type: number, value: bigint): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE.utf8, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(TYPE.boolean, value ? 1 : 0);
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) throw new Error(`not a uint32: ${value}`);
    return unsigned(TYPE.uint32, BigInt(value));
  }
  if (value instanceof MmdbUint) return unsigned(value.bytes === 2 ? TYPE.uint16 : TYPE.uint64, value.value);
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encodeValue)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(TYPE.map, entries.length),
    ...entries.flatMap(([key, item]) => [encodeValue(key), encodeValue(item)]),
  ]);
}

interface TreeNode {
  children: [Slot, Slot];
}
/** A child: another node, the index of a network's value, or nothing known. */
type Slot = TreeNode | number | undefined;

/** The network's bits in the IPv6 tree: an IPv4 network follows 96 zero bits. */
function networkBits(network: string): number[] {
  const [address, prefix] = ipaddr.parseCIDR(network);
  const bytes =
    address.kind() === 'ipv4' ? [...new Array(12).fill(0), ...address.toByteArray()] : address.toByteArray();
  const length = prefix + (address.kind() === 'ipv4' ? 96 : 0);
  if (length === 0) throw new Error('a network covering every address is not supported');
  return Array.from({ length }, (_, i) => (bytes[i >> 3]! >> (7 - (i & 7))) & 1);
}

function insert(root: TreeNode, network: string, valueIndex: number): void {
  const bits = networkBits(network);
  let node = root;
  for (const bit of bits.slice(0, -1) as (0 | 1)[]) {
    const child = node.children[bit];
    if (typeof child === 'number') throw new Error(`${network} overlaps a network inserted before it`);
    if (child === undefined) node.children[bit] = { children: [undefined, undefined] };
    node = node.children[bit] as TreeNode;
  }
  const last = bits.at(-1) as 0 | 1;
  if (node.children[last] !== undefined) throw new Error(`${network} overlaps a network inserted before it`);
  node.children[last] = valueIndex;
}

export interface MmdbNetwork {
  /** CIDR, IPv4 or IPv6. */
  network: string;
  value: MmdbValue;
}

export interface MmdbOptions {
  databaseType: string;
  description: string;
  /** Seconds since the epoch; fixed by default so the same input gives the same bytes. */
  buildEpoch?: number;
}

/** The bytes of a MaxMind DB holding `networks`. */
export function buildMmdb(networks: MmdbNetwork[], options: MmdbOptions): Buffer {
  const root: TreeNode = { children: [undefined, undefined] };
  for (const [index, { network }] of networks.entries()) insert(root, network, index);

  const nodes: TreeNode[] = [root];
  for (let i = 0; i < nodes.length; i++) {
    for (const child of nodes[i]!.children) if (typeof child === 'object') nodes.push(child);
  }
  const numbers = new Map(nodes.map((node, i) => [node, i]));

  const values = networks.map(({ value }) => encodeValue(value));
  const offsets: number[] = [];
  values.reduce((offset, bytes) => {
    offsets.push(offset);
    return offset + bytes.length;
  }, 0);

  const recordOf = (slot: Slot): number => {
    if (slot === undefined) return nodes.length;
    if (typeof slot === 'number') return nodes.length + DATA_SEPARATOR.length + offsets[slot]!;
    return numbers.get(slot)!;
  };
  const tree = Buffer.alloc((nodes.length * RECORD_BITS * 2) / 8);
  nodes.forEach((node, i) => {
    tree.writeUIntBE(recordOf(node.children[0]), i * 6, 3);
    tree.writeUIntBE(recordOf(node.children[1]), i * 6 + 3, 3);
  });

  const metadata = encodeValue({
    binary_format_major_version: uint16(2),
    binary_format_minor_version: uint16(0),
    build_epoch: uint64(options.buildEpoch ?? 1_700_000_000),
    database_type: options.databaseType,
    description: { en: options.description },
    ip_version: uint16(6),
    languages: ['en'],
    node_count: nodes.length,
    record_size: uint16(RECORD_BITS),
  });
  return Buffer.concat([tree, DATA_SEPARATOR, ...values, METADATA_MARKER, metadata]);
}
