import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A few real lines of the three address files (Arad and București), for integration tests: the whole
 * data set is imported once, by the timing test only.
 */
const JUDETE = `cod,nume,nume_ascii,iso_3166_2,siruta,cod_jud_ins,prefixe_cod_postal
AR,Arad,Arad,RO-AR,29,2,31
B,București,Bucuresti,RO-B,403,40,01|02|03|04|05|06
CJ,Cluj,Cluj,RO-CJ,127,12,40
`;

const LOCALITATI = `siruta,denumire,denumire_sursa,denumire_oficiala,tip,tip_desc,mediu,siruta_uat,uat,uat_tip,judet_cod,judet,cod_postal_siruta,coduri_postale_posta,coduri_pe_strazi
9271,Arad,posta,ARAD,9,"localitate componentă, reședință de municipiu",urban,9262,Arad,municipiu reședință de județ,AR,Arad,310001,,1
9468,Chișineu-Criș,posta,CHIȘINEU-CRIȘ,17,"localitate componentă, reședință a orașului",urban,9459,Chișineu-Criș,oraș,AR,Arad,315100,315100,0
9477,Nădab,posta,NĂDAB,19,sat ce aparține de oraș,urban,9459,Chișineu-Criș,oraș,AR,Arad,315101,315101,0
9999,Sânpaul,posta,SÂNPAUL,23,sat ce aparține de comună,rural,9990,Păuliș,comună,AR,Arad,317236,317236,0
179141,București Sectorul 1,siruta,BUCUREȘTI SECTORUL 1,6,sector al municipiului București,urban,179132,București,municipiul București,B,București,010013,,1
179150,București Sectorul 2,siruta,BUCUREȘTI SECTORUL 2,6,sector al municipiului București,urban,179132,București,municipiul București,B,București,020071,,1
179169,București Sectorul 3,siruta,BUCUREȘTI SECTORUL 3,6,sector al municipiului București,urban,179132,București,municipiul București,B,București,032804,,1
54984,Cluj-Napoca,posta,CLUJ-NAPOCA,9,"localitate componentă, reședință de municipiu",urban,54975,Cluj-Napoca,municipiu reședință de județ,CJ,Cluj,400335,,1
`;

const CODURI = `judet_cod,judet,localitate,siruta,sector,tip_artera,denumire_artera,numar,cod_postal,nivel,oficiu_distribuire,nota
AR,Arad,Arad,9271,,Bulevard,Revoluției,nr. 1-21,310139,strada,,
AR,Arad,Arad,9271,,Bulevard,Revoluției,nr. 2-22,310144,strada,,
AR,Arad,Arad,9271,,Bulevard,Revoluției,nr. 53A-97,310130,strada,,
AR,Arad,Arad,9271,,Stradă,Ștefan cel Mare,,310237,strada,,
AR,Arad,Chișineu-Criș,9468,,,,,315100,localitate,,
B,București,București,179141,1,Bulevard,Aviatorilor,nr. 1,011851,strada,București 63,
B,București,București,179141,1,Șosea,Ștefan cel Mare,nr. 1-3,011736,strada,București 63,
B,București,București,179150,2,Șosea,Ștefan cel Mare,nr. 17,020124,strada,București 10,
B,București,București,179169,3,Stradă,Patriei,,030206,strada,București 37,
B,București,București,179141,1,Stradă,"Mincu Ion, arh.",nr. 21-T,011357,strada,București 2,
CJ,Cluj,Cluj-Napoca,54984,,Stradă,Memorandumului,,400114,strada,,
`;

/** Writes the fixture files into a new temporary directory and returns its path. */
export function writeAddressFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ro-address-'));
  writeFileSync(path.join(dir, 'judete.csv'), JUDETE);
  writeFileSync(path.join(dir, 'localitati.csv'), LOCALITATI);
  writeFileSync(path.join(dir, 'coduri_postale.csv'), CODURI);
  return dir;
}
