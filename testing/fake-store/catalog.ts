// The live product set of one store, addressed by "slot" (creation order: slot 0 is the oldest).
// Slots [0, fixed.length) hold real fixture records, the next `generatedCount` slots are built by
// the generator on demand, later slots are products added by advance(). Only products that were
// changed or added are materialised (`overlay`), so a 50k store stays a handful of small arrays.

import { indexFromGeneratedHandle, indexFromProductId, indexFromVariantId, type ProductGenerator } from "./generator";
import { matchesRule, metaOf, type CollectionRecord, type ProductMeta, type ProductRecord } from "./records";

export interface CatalogOptions {
  /** Real records, oldest first. */
  fixed: ProductRecord[];
  generatedCount: number;
  generator: ProductGenerator;
  /** created_at (epoch ms) of generated base slots. */
  createdMsOfSlot: (slot: number) => number;
}

export class Catalog {
  private readonly fixed: ProductRecord[];
  private readonly generator: ProductGenerator;
  private readonly baseCount: number;
  private readonly createdMsOfSlot: (slot: number) => number;
  /** Live slots, ascending (= ascending product id). */
  private live: number[];
  private readonly removed = new Set<number>();
  private readonly overlay = new Map<number, ProductRecord>();
  /** Handles/variant ids of records we hold (fixed + overlay); generated ones are computed. */
  private readonly slotByHandle = new Map<string, number>();
  private readonly slotByVariant = new Map<number, number>();
  private readonly slotByProductId = new Map<number, number>();
  private nextSlot: number;
  /** Member slots per collection id, valid for exactly this collections array (replaced on change). */
  private membershipCache: { collections: CollectionRecord[]; members: Map<number, number[]> } | null = null;

  constructor(options: CatalogOptions) {
    this.fixed = options.fixed;
    this.generator = options.generator;
    this.createdMsOfSlot = options.createdMsOfSlot;
    this.baseCount = options.fixed.length + options.generatedCount;
    this.nextSlot = this.baseCount;
    this.live = Array.from({ length: this.baseCount }, (_, slot) => slot);
    options.fixed.forEach((record, slot) => this.index(record, slot));
  }

  get size(): number {
    return this.live.length;
  }

  /** Live slots in listing order (newest first), `limit` of them from `offset`. */
  newestFirst(offset: number, limit: number, slots: readonly number[] = this.live): number[] {
    const out: number[] = [];
    for (let i = slots.length - 1 - offset; i >= 0 && out.length < limit; i--) out.push(slots[i] as number);
    return out;
  }

  /** Live slots ascending by id (for sitemaps). */
  liveSlots(): readonly number[] {
    return this.live;
  }

  product(slot: number): ProductRecord {
    const record = this.overlay.get(slot) ?? this.fixed[slot];
    return record ?? this.generator.product(slot, this.createdMsOfSlot(slot));
  }

  meta(slot: number): ProductMeta {
    const record = this.overlay.get(slot) ?? this.fixed[slot];
    return record ? metaOf(record) : this.generator.meta(slot, this.createdMsOfSlot(slot));
  }

  isLive(slot: number): boolean {
    return slot >= 0 && slot < this.nextSlot && !this.removed.has(slot);
  }

  slotOfHandle(handle: string): number | null {
    const known = this.slotByHandle.get(handle);
    if (known !== undefined) return this.isLive(known) ? known : null;
    const index = indexFromGeneratedHandle(handle);
    if (index === null || index < this.fixed.length || index >= this.baseCount || !this.isLive(index)) return null;
    return this.meta(index).handle === handle ? index : null;
  }

  slotOfProductId(productId: number): number | null {
    const known = this.slotByProductId.get(productId);
    if (known !== undefined) return this.isLive(known) ? known : null;
    const index = indexFromProductId(productId);
    if (index === null || index < this.fixed.length || index >= this.baseCount) return null;
    return this.isLive(index) ? index : null;
  }

  slotOfVariant(variantId: number): number | null {
    const known = this.slotByVariant.get(variantId);
    if (known !== undefined) return this.isLive(known) ? known : null;
    const index = indexFromVariantId(variantId);
    if (index === null || index < this.fixed.length || index >= this.baseCount || !this.isLive(index)) return null;
    return this.product(index).variants.some((v) => v.id === variantId) ? index : null;
  }

  /** A record that advance() may change in place (copied into the overlay on first use). */
  mutable(slot: number): ProductRecord {
    let record = this.overlay.get(slot);
    if (!record) {
      record = structuredClone(this.product(slot));
      this.overlay.set(slot, record);
    }
    return record;
  }

  /** Creates a product in a new slot (newest); `build` gets the slot number. */
  add(build: (slot: number) => ProductRecord): ProductRecord {
    const slot = this.nextSlot++;
    const record = build(slot);
    this.overlay.set(slot, record);
    this.index(record, slot);
    this.live.push(slot);
    // Keep the membership cache instead of recomputing it (a full pass costs ~0.5 s at 50k).
    const cache = this.membershipCache;
    if (cache) {
      const meta = metaOf(record);
      for (const collection of cache.collections) {
        if (matchesRule(collection.rule, meta)) cache.members.get(collection.id)?.push(slot);
      }
    }
    return record;
  }

  remove(slot: number): void {
    if (!this.isLive(slot)) return;
    this.removed.add(slot);
    this.live = this.live.filter((s) => s !== slot);
    this.overlay.delete(slot);
    const cache = this.membershipCache;
    if (cache) {
      for (const [id, slots] of cache.members) {
        const at = slots.indexOf(slot);
        if (at >= 0) cache.members.set(id, [...slots.slice(0, at), ...slots.slice(at + 1)]);
      }
    }
  }

  /** Member slots (ascending) of every collection, computed in one pass over the catalog. */
  members(collections: CollectionRecord[]): Map<number, number[]> {
    const cache = this.membershipCache;
    if (cache && cache.collections === collections) return cache.members;
    const members = new Map<number, number[]>(collections.map((c) => [c.id, []]));
    for (const slot of this.live) {
      const meta = this.meta(slot);
      for (const collection of collections) {
        if (matchesRule(collection.rule, meta)) members.get(collection.id)?.push(slot);
      }
    }
    this.membershipCache = { collections, members };
    return members;
  }

  private index(record: ProductRecord, slot: number): void {
    this.slotByHandle.set(record.handle, slot);
    this.slotByProductId.set(record.id, slot);
    for (const variant of record.variants) this.slotByVariant.set(variant.id, slot);
  }
}
