import type { Db } from '../../db/client.ts';
import { findCompanies, findCompany, findLab, findLabOfCompany, type CompanyRow, type LabRow } from './companies.repository.ts';

/**
 * The companies module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

export async function companyById(db: Db, companyId: number | null): Promise<CompanyRow | null> {
  return companyId === null ? null : findCompany(db, companyId);
}

export async function companiesById(db: Db, ids: number[]): Promise<Map<number, CompanyRow>> {
  return new Map((await findCompanies(db, [...new Set(ids)])).map((company) => [company.id, company]));
}

export async function labOfCompany(db: Db, companyId: number | null): Promise<LabRow | null> {
  return companyId === null ? null : findLabOfCompany(db, companyId);
}

export async function labById(db: Db, labId: number): Promise<LabRow | null> {
  return findLab(db, labId);
}
