// A typed repository
export interface User {
  id: number;
  name: string;
  email?: string;
}

type Predicate<T> = (item: T) => boolean;

export class Repository<T extends { id: number }> {
  private items = new Map<number, T>();

  add(item: T): this {
    this.items.set(item.id, item);
    return this;
  }

  find(predicate: Predicate<T>): T | undefined {
    for (const item of this.items.values()) if (predicate(item)) return item;
    return undefined;
  }
}

const users = new Repository<User>().add({ id: 1, name: "Ada" });
console.log(users.find((u) => u.name === "Ada")?.email ?? "none", 42);
