import type { Page } from '@portal/shared/wallet';

export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/** Rows to skip for a page. */
export function offsetOf(page: PageRequest): number {
  return (page.pageNo - 1) * page.pageSize;
}

/** A page of a list of orders or members: an empty list still counts as one (empty) page. */
export function pageOf<T>(page: PageRequest, total: number, list: T[]): Page<T> {
  return {
    list,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / page.pageSize)),
  };
}
