// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Guarded} from "./Guarded.sol";

/// @title Liability attestation (proof of liabilities)
/// @notice Publishes, once per snapshot, the root of the Merkle sum tree of what the platform owes its members
/// (docs/proof-of-liabilities.md): the root hash, the USDT and AGC totals, and the block at which the reserves were
/// read. A member checks their own leaf's path against `snapshots(id)`, read from here, not from the platform.
/// @dev Roles: `attester` (the server's own hot key, used for nothing else) publishes; the owner (two-step, a cold or
/// multisig key) replaces the attester only `changeDelay` seconds after proposing it, so a leaked owner key cannot
/// slip in its own attester unseen; the guardian may pause publishing (a leaked attester key could otherwise keep
/// publishing false roots for ids not used yet) and cancel a pending attester change.
contract LiabilityAttestation is Guarded {
    struct Snapshot {
        bytes32 rootHash;
        uint256 totalUsdt;
        uint256 totalAgc;
        uint64 reservesBlock;
        uint64 publishedAt;
    }

    error NotAttester();
    error AlreadyPublished(uint64 snapshotId);
    error ZeroSnapshotId();
    error ZeroRoot();
    error FutureReservesBlock(uint64 reservesBlock);

    event Published(
        uint64 indexed snapshotId, bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock
    );
    event AttesterChanged(address indexed previousAttester, address indexed newAttester);
    event AttesterChangeProposed(address indexed newAttester, uint256 eta);
    event AttesterChangeCancelled(address indexed cancelledAttester);

    address public attester;
    PendingAddress public pendingAttester;

    /// @notice Every published snapshot by id; `publishedAt` 0: never published.
    mapping(uint64 snapshotId => Snapshot) public snapshots;

    constructor(address attester_, address guardian_, uint256 changeDelay_) Guarded(guardian_, changeDelay_) {
        _setAttester(attester_);
    }

    /// @notice Records a snapshot's root, once per id. `reservesBlock` is the block the reserves were read at: not
    /// later than this one (a block to come cannot have been read).
    function publish(uint64 snapshotId, bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock)
        external
        whenNotPaused
    {
        if (msg.sender != attester) revert NotAttester();
        if (snapshotId == 0) revert ZeroSnapshotId();
        if (rootHash == bytes32(0)) revert ZeroRoot();
        if (reservesBlock > block.number) revert FutureReservesBlock(reservesBlock);
        Snapshot storage s = snapshots[snapshotId];
        if (s.publishedAt != 0) revert AlreadyPublished(snapshotId);
        s.rootHash = rootHash;
        s.totalUsdt = totalUsdt;
        s.totalAgc = totalAgc;
        s.reservesBlock = reservesBlock;
        s.publishedAt = uint64(block.timestamp);
        emit Published(snapshotId, rootHash, totalUsdt, totalAgc, reservesBlock);
    }

    // --- attester: delayed, like the vault's signer ---

    function proposeAttester(address newAttester) external onlyOwner {
        emit AttesterChangeProposed(newAttester, _propose(pendingAttester, newAttester));
    }

    function executeAttester() external onlyOwner {
        _setAttester(_takeReady(pendingAttester));
    }

    function cancelAttesterChange() external onlyOwnerOrGuardian {
        emit AttesterChangeCancelled(_dropPending(pendingAttester));
    }

    function _setAttester(address newAttester) private {
        if (newAttester == address(0)) revert ZeroAddress();
        emit AttesterChanged(attester, newAttester);
        attester = newAttester;
    }
}
