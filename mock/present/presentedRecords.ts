import { presentDataActionComponent } from './presentDataActionComponent.ts';
import { presentDataActionUser } from './presentDataActionUser.ts';
import { fragmentCache } from './fragmentCache.ts';
import { presentGroup } from './presentGroup.ts';

/** The records the hot reads answer with, presented once per record object and checked against their schema. */
export const presentedGroup = fragmentCache(presentGroup, '#/components/schemas/Group');
export const presentedDataActionUser = fragmentCache(presentDataActionUser, '#/components/schemas/DataActionUser');
export const presentedDataActionComponent = fragmentCache(presentDataActionComponent, '#/components/schemas/DataActionComponent');
